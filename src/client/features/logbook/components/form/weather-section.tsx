import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconCloudDownload, IconWifiOff } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/client/offline';
import { isIsoDate } from '@/domain/excavator';
import { WEATHER_CONDITIONS, isTimeOfDay } from '@/domain/logbook';
import { getWeather, WeatherLookupError, type WeatherFailure } from '../../api/get-weather';
import { sameSectionFields, type LogbookForm } from './form-types';
import { CONDITION_KEY, WEATHER_ERROR_KEY } from '../../keys';

interface WeatherSectionProps {
  form: LogbookForm;
  /** Look the weather up by itself when the date changes and nothing is typed yet (new entries). */
  autoFetch: boolean;
}

type Lookup = { state: 'idle' | 'loading' | 'loaded' } | { state: 'failed'; failure: WeatherFailure };

/**
 * Temperature, humidity and conditions: fetched for the site and date while online, typed by hand
 * offline or when the service fails (an entry saved with empty weather gets it filled in on sync).
 */
export const WeatherSection = memo(
  function WeatherSection({ form, autoFetch }: WeatherSectionProps) {
    const { t } = useTranslation();
    const online = useOnline();
    const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
    const controller = useRef<AbortController | null>(null);
    const { date, shiftStart, weather } = form.getValues();
    const { conditions } = weather;
    const empty = [weather.temperature, weather.humidity, conditions].every((part) => !String(part).trim());

    const load = useCallback(
      async (day: string, time: string) => {
        controller.current?.abort();
        const current = new AbortController();
        controller.current = current;
        setLookup({ state: 'loading' });
        try {
          const reading = await getWeather(day, isTimeOfDay(time) ? time : undefined, current.signal);
          form.setFieldValue('weather', {
            temperature: reading.temperature ?? '',
            humidity: reading.humidity ?? '',
            conditions: reading.conditions ?? '',
          });
          setLookup({ state: 'loaded' });
        } catch (error) {
          if (current.signal.aborted) return;
          setLookup({
            state: 'failed',
            failure: error instanceof WeatherLookupError ? error.failure : 'unavailable',
          });
        }
      },
      [form],
    );

    const autoDate = autoFetch && online && empty && isIsoDate(date) ? date : null;
    useEffect(() => {
      if (!autoDate) return undefined;
      // Debounced: typing a date by hand passes through other valid dates on the way.
      const timer = setTimeout(() => void load(autoDate, form.getValues().shiftStart), 400);
      return () => clearTimeout(timer);
      // Only a new date triggers a lookup by itself; the button fetches again on demand.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [autoDate]);
    useEffect(() => () => controller.current?.abort(), []);

    const conditionOptions: Array<{ value: string; label: string }> = WEATHER_CONDITIONS.map((value) => ({
      value,
      label: t(CONDITION_KEY[value]),
    }));
    if (conditions && !(WEATHER_CONDITIONS as readonly string[]).includes(conditions))
      conditionOptions.push({ value: conditions, label: conditions });

    return (
      <Fieldset legend={t('logbook.form.weather')} radius="md">
        <Group justify="space-between" mb="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {online ? t('logbook.weather.onlineHint') : t('logbook.weather.offlineHint')}
          </Text>
          <Button
            variant="light"
            size="md"
            leftSection={online ? <IconCloudDownload size={18} /> : <IconWifiOff size={18} />}
            onClick={() => void load(date, shiftStart)}
            loading={lookup.state === 'loading'}
            disabled={!online}
          >
            {t('logbook.weather.load')}
          </Button>
        </Group>
        {lookup.state === 'failed' ? (
          <Alert color="orange" mb="sm" role="alert" data-testid="weather-error">
            <Text size="sm" fw={600}>
              {t(WEATHER_ERROR_KEY[lookup.failure])}
            </Text>
            <Text size="sm">{t('logbook.weather.typeInstead')}</Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            size="lg"
            inputMode="decimal"
            label={t('logbook.fields.temperature')}
            rightSection={<Text size="sm">°C</Text>}
            {...form.getInputProps('weather.temperature')}
            key={form.key('weather.temperature')}
          />
          <TextInput
            size="lg"
            inputMode="numeric"
            label={t('logbook.fields.humidity')}
            rightSection={<Text size="sm">%</Text>}
            {...form.getInputProps('weather.humidity')}
            key={form.key('weather.humidity')}
          />
          <Select
            size="lg"
            label={t('logbook.fields.conditions')}
            placeholder={t('logbook.weather.pickConditions')}
            data={conditionOptions}
            clearable
            value={conditions || null}
            onChange={(value) => form.setFieldValue('weather.conditions', value ?? '')}
            error={form.errors['weather.conditions']}
          />
        </SimpleGrid>
      </Fieldset>
    );
  },
  sameSectionFields<WeatherSectionProps>(['date', 'shiftStart', 'weather']),
);
