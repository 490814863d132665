import { createSpotlight } from '@mantine/spotlight';

/** The command palette's own spotlight store (open/close from anywhere in the shell). */
export const [paletteStore, palette] = createSpotlight();
