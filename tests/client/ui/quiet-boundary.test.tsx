import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietBoundary } from '@/client/ui/quiet-boundary';

afterEach(() => vi.restoreAllMocks());

describe('QuietBoundary', () => {
  it('leaves out a part whose file cannot load and keeps the rest of the screen', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Unreachable = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <div>
        <p>The form the person is filling in</p>
        <QuietBoundary fallback={<span>left out</span>}>
          <Suspense fallback={<span>loading</span>}>
            <Unreachable />
          </Suspense>
        </QuietBoundary>
      </div>,
    );
    expect(await screen.findByText('left out')).toBeTruthy();
    expect(screen.getByText('The form the person is filling in')).toBeTruthy();
    expect(console.warn).toHaveBeenCalled();
  });

  it('shows its children while they work', async () => {
    const Loaded = lazy(() => Promise.resolve({ default: () => <span>sync button</span> }));
    render(
      <QuietBoundary fallback={<span>left out</span>}>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </QuietBoundary>,
    );
    expect(await screen.findByText('sync button')).toBeTruthy();
    expect(screen.queryByText('left out')).toBeNull();
  });
});
