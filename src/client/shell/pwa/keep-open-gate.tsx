import { Button, Group, Paper, Portal, Progress, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineReadiness } from './offline-readiness';
import classes from './keep-open-gate.module.css';
import working from '@/client/ui/working-progress.module.css';

/** Devices whose main pointer is a finger: the tablets (and phones) used in the field. */
const TOUCH_QUERY = '(pointer: coarse)';

/**
 * Whether this page is about to store the app: a production build (the dev server registers no
 * worker) in a browser with service workers, and no worker serves the page yet — a first session. The
 * request then shows with the first screen instead of appearing over it once the worker reports.
 */
function storingExpected(): boolean {
  return (
    import.meta.env.PROD &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    !navigator.serviceWorker.controller &&
    window.isSecureContext !== false
  );
}

/**
 * On a tablet's first session (the app not yet stored on it), asks to keep the app open until it is
 * ready for offline use — closing it early leaves a tablet that shows "site can't be reached" in the
 * field. Shows the progress (`readiness`, the indicator's), then says when it is done. Desktops are not
 * asked.
 *
 * A card docked at the bottom of the screen, not a modal: the dashboard behind it stays readable and
 * usable while the app is stored (nothing there needs to wait), and the card is part of the first
 * screen rather than a dialog that covers it a few seconds later.
 */
export function KeepOpenPrompt({ readiness }: { readiness: OfflineReadiness }) {
  const [touch] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(TOUCH_QUERY).matches);
  const [expected] = useState(() => touch && storingExpected());
  const [asked, setAsked] = useState(false);
  const [closed, setClosed] = useState(false);
  const preparing = readiness.state === 'preparing' || readiness.state === 'paused';
  // Asked once, the card stays to say "done" when the app is stored.
  if (touch && preparing && !asked) setAsked(true);
  // Expected but not yet reported: the worker is registering. A worker that turns out to hold the app
  // already (a reload that bypassed it) never reports storing, and the card goes.
  const waiting = expected && readiness.state === 'idle';

  if (closed || !(asked || waiting)) return null;
  return <KeepOpenCard readiness={readiness} onClose={() => setClosed(true)} />;
}

function KeepOpenCard({ readiness, onClose }: { readiness: OfflineReadiness; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ready = readiness.state === 'ready';
  const percent = ready ? 100 : 'percent' in readiness ? readiness.percent : 0;
  const status = ready
    ? t('pwa.offline.ready')
    : readiness.state === 'paused'
      ? t('pwa.offline.paused', { percent })
      : t('pwa.offline.preparing', { percent });

  return (
    <Portal>
      {/* A non-modal dialog: it asks something of the user, but the page behind stays usable. */}
      <Paper
        role="dialog"
        aria-modal={false}
        aria-labelledby={titleId}
        withBorder
        shadow="md"
        radius="md"
        p="sm"
        className={classes.card}
        data-testid="keep-open-prompt"
      >
        <Text fw={700} id={titleId}>
          {t('pwa.keepOpen.title')}
        </Text>
        {/* Both messages in one cell: the card keeps the height of the longer one, so its top does not
            move when "keep it open" becomes "done" (docked at the bottom, a shorter card would shift). */}
        <div className={classes.messages}>
          <Text size="sm" mt={4} className={ready ? classes.hidden : undefined} aria-hidden={ready}>
            {t('pwa.keepOpen.message')}
          </Text>
          <Text size="sm" mt={4} className={ready ? undefined : classes.hidden} aria-hidden={!ready}>
            {t('pwa.keepOpen.done')}
          </Text>
        </div>
        <Progress
          mt="sm"
          value={percent}
          // A new value twice a second: gliding to it would animate the bar's width, a layout and a
          // repaint of the page every frame while the first screen starts. The sweep shows the work.
          transitionDuration={0}
          size="md"
          radius="xl"
          color={ready ? 'teal' : readiness.state === 'paused' ? 'yellow' : 'blue'}
          classNames={{ section: !ready && readiness.state !== 'paused' ? working.working : undefined }}
          aria-label={status}
        />
        <Group mt={6} justify="space-between" align="center" wrap="nowrap" gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {status}
          </Text>
          <Button mih={44} miw={88} onClick={onClose}>
            {t('pwa.keepOpen.ok')}
          </Button>
        </Group>
      </Paper>
    </Portal>
  );
}
