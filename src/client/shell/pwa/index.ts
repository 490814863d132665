export { InstallButton } from './install-button';
export { PwaManager } from './pwa-manager';
export { onWorkerMessage } from '@/client/lib/worker-messages';
export {
  hasUnsavedChanges,
  registerUnsavedChanges,
  unregisterUnsavedChanges,
  useUnsavedChanges,
} from '@/client/lib/unsaved-changes';
