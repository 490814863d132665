import { Badge } from '@mantine/core';
import { IconCloudCheck, IconShieldOff } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { SETUP_PATH } from '@/domain/setup';
import { ProgressRing } from '@/client/ui/progress-ring';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { KeepOpenPrompt } from './keep-open-gate';
import { useOfflineReadiness, type OfflineReadiness } from './offline-readiness';
import classes from './offline-readiness.module.css';

/**
 * The top bar's "Preparing offline use … n %" / "Ready for offline use". Wide screens show the words,
 * narrow ones the ring and the percentage (the words in the tooltip and for screen readers). Also
 * hosts the first-session prompt on tablets. The progress is deferred: the service worker reports every
 * file it stores while the first screen is still starting, and each report re-rendered the chip and the
 * dialog at once, a long task each on a slow tablet; deferred, React renders them in slices and skips
 * the reports a newer one has overtaken. Both are memoised: a deferred value only helps where the
 * urgent render can skip what reads it, and without `memo` they re-rendered in full twice per report,
 * first with the old value in one task, then with the new one.
 */
export function OfflineReadinessIndicator() {
  const readiness = useDeferredValue(useOfflineReadiness());
  return (
    <>
      <MemoReadinessChip readiness={readiness} />
      <MemoKeepOpenPrompt readiness={readiness} />
    </>
  );
}

const MemoKeepOpenPrompt = memo(KeepOpenPrompt);
const MemoReadinessChip = memo(ReadinessChip);

function ReadinessChip({ readiness }: { readiness: OfflineReadiness }) {
  const { t } = useTranslation();
  if (readiness.state === 'idle') return null;

  if (readiness.state === 'insecure' || readiness.state === 'unsupported') {
    const hint = readiness.state === 'insecure' ? t('pwa.insecure.banner') : t('pwa.offline.unsupported');
    return (
      <LazyTooltip label={hint} multiline w={280}>
        <Badge
          component={readiness.state === 'insecure' ? 'a' : 'div'}
          {...(readiness.state === 'insecure' && { href: SETUP_PATH })}
          variant="light"
          color="orange"
          size="lg"
          radius="sm"
          leftSection={<IconShieldOff size={16} />}
          style={{ flex: 'none' }}
          aria-label={`${t('pwa.offline.unavailable')}. ${hint}`}
          data-offline-state={readiness.state}
        >
          <span className={classes.unavailableLabel}>{t('pwa.offline.unavailable')}</span>
        </Badge>
      </LazyTooltip>
    );
  }

  if (readiness.state === 'ready') {
    const label = t('pwa.offline.ready');
    return (
      <LazyTooltip label={t('pwa.offline.readyHint')} multiline w={280}>
        <Badge
          variant="light"
          color="teal"
          size="lg"
          radius="sm"
          style={{ flex: 'none' }}
          leftSection={<IconCloudCheck size={16} />}
          aria-label={label}
          data-offline-state="ready"
          data-testid="offline-readiness"
          visibleFrom="sm"
        >
          <span className={classes.readyLabel}>{label}</span>
        </Badge>
      </LazyTooltip>
    );
  }

  const { percent } = readiness;
  const label =
    readiness.state === 'paused'
      ? t('pwa.offline.paused', { percent })
      : t('pwa.offline.preparing', { percent });
  return (
    <LazyTooltip label={`${label}. ${t('pwa.offline.preparingHint')}`} multiline w={300}>
      <Badge
        variant="light"
        color={readiness.state === 'paused' ? 'yellow' : 'blue'}
        size="lg"
        radius="sm"
        pl={2}
        leftSection={
          <ProgressRing
            size={22}
            thickness={3}
            value={percent}
            color={readiness.state === 'paused' ? 'yellow' : 'blue'}
          />
        }
        role="status"
        aria-label={label}
        data-offline-state={readiness.state}
        data-percent={percent}
        data-testid="offline-readiness"
      >
        <span className={classes.long}>{label}</span>
        <span className={classes.short}>{`${percent} %`}</span>
      </Badge>
    </LazyTooltip>
  );
}
