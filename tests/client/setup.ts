import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazily loaded screens are transformed on first import; with the whole suite on two cores that can take
// longer than Testing Library's one-second default for findBy/waitFor.
configure({ asyncUtilTimeout: 5_000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
