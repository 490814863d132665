import type { BackupPhase, BackupTrigger } from '@/domain/backup';

export const PHASE_LABEL: Record<BackupPhase, string> = {
  snapshot: 'backups.phase.snapshot',
  dump: 'backups.phase.dump',
  hash: 'backups.phase.hash',
  archive: 'backups.phase.archive',
};

export const TRIGGER_LABEL: Record<BackupTrigger, string> = {
  schedule: 'backups.trigger.schedule',
  manual: 'backups.trigger.manual',
  command: 'backups.trigger.command',
};
