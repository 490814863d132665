import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudStorm,
  IconDroplet,
  IconSnowflake,
  IconSun,
  IconSunHigh,
  IconTemperature,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeatherCondition } from '@/domain/logbook';
import { useOnline } from '@/client/offline/connectivity';
import { fetchWeather } from './api';
import { localToday } from '@/client/lib/dates';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { WEATHER_CONDITION_LABEL } from './labels';

const CONDITION_ICON: Record<WeatherCondition, Icon> = {
  clear: IconSun,
  partly_cloudy: IconSunHigh,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconCloudRain,
  rain: IconCloudRain,
  snow: IconSnowflake,
  thunderstorm: IconCloudStorm,
};

/** How long the tile waits before its one retry. */
export const WEATHER_RETRY_MS = 60_000;

/** The site's weather now (logbook weather service); "Unable to load weather" when it fails. */
export function WeatherSummary({
  enabled,
  retryMs = WEATHER_RETRY_MS,
}: {
  enabled: boolean;
  /** @default WEATHER_RETRY_MS */
  retryMs?: number;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const today = localToday();
  const weather = useRemoteData(enabled && online ? `weather:${today}` : null, (signal) =>
    fetchWeather(today, signal),
  );
  // One quiet retry a while after a failure: a service that was briefly down fills the tile later,
  // one that stays down costs no more requests.
  const [retried, setRetried] = useState(false);
  const { error, reload } = weather;
  useEffect(() => {
    if (!error || retried) return;
    const timer = setTimeout(() => {
      setRetried(true);
      reload();
    }, retryMs);
    return () => clearTimeout(timer);
  }, [error, retried, reload, retryMs]);

  if (!enabled) return null;
  if (!online) {
    return (
      <Text size="sm" c="dimmed" data-testid="dashboard-weather">
        {t('dashboard.weather.offline')}
      </Text>
    );
  }
  if (weather.loading && !weather.data) {
    return (
      <Group gap="xs" data-testid="dashboard-weather">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('dashboard.weather.loading')}
        </Text>
      </Group>
    );
  }
  if (weather.error || !weather.data) {
    return (
      <Text size="sm" c="dimmed" role="status" data-testid="dashboard-weather">
        {t('dashboard.weather.unavailable')}
      </Text>
    );
  }
  const { temperature, humidity, conditions } = weather.data;
  const ConditionIcon = conditions ? CONDITION_ICON[conditions] : IconCloud;
  return (
    <Group gap="lg" wrap="wrap" data-testid="dashboard-weather" aria-label={t('dashboard.weather.title')}>
      <Group gap={8}>
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
          <ConditionIcon size={20} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('dashboard.weather.conditions')}
          </Text>
          <Text fw={600}>{conditions ? t(WEATHER_CONDITION_LABEL[conditions]) : '–'}</Text>
        </Stack>
      </Group>
      <Group gap={8}>
        <ThemeIcon variant="light" color="orange" size="lg" radius="xl" aria-hidden>
          <IconTemperature size={20} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('dashboard.weather.temperature')}
          </Text>
          <Text fw={600}>{temperature === null ? '–' : `${temperature.toFixed(1)} °C`}</Text>
        </Stack>
      </Group>
      <Group gap={8}>
        <ThemeIcon variant="light" color="cyan" size="lg" radius="xl" aria-hidden>
          <IconDroplet size={20} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('dashboard.weather.humidity')}
          </Text>
          <Text fw={600}>{humidity === null ? '–' : `${Math.round(humidity)} %`}</Text>
        </Stack>
      </Group>
    </Group>
  );
}
