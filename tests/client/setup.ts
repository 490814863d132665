import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazily loaded screens are transformed on first import; with the whole suite on two cores that can take
// longer than Testing Library's one-second default for findBy/waitFor.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
