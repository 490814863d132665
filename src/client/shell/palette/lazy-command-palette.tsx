import { useSpotlight } from '@mantine/spotlight';
import { lazy, Suspense, useState } from 'react';
import { paletteStore } from './palette-store';

const CommandPalette = lazy(() =>
  import('./command-palette').then((module) => ({ default: module.CommandPalette })),
);

/**
 * Loads the palette (Spotlight and its search UI) the first time it is opened, keeping it out of
 * the first load of the signed-in pages. The store already holds `opened`, so the palette shows as
 * soon as its code has arrived.
 */
export function LazyCommandPalette() {
  const { opened } = useSpotlight(paletteStore);
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}
