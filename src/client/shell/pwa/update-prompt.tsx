import { lazy, Suspense } from 'react';
import { useUpdateAvailable } from './service-worker-registration';

// Loaded when a new version waits: most visits never show it, so the first load leaves it out.
const UpdatePromptNotice = lazy(() =>
  import('./update-prompt-notice').then((module) => ({ default: module.UpdatePromptNotice })),
);

/** "A new version is available" while one waits for the user's word (see update-prompt-notice.tsx). */
export function UpdatePrompt() {
  const updateAvailable = useUpdateAvailable();
  if (!updateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptNotice />
    </Suspense>
  );
}
