import { createStore } from '@/client/lib/store';

/** Whether the keyboard legend is open. */
export const legendStore = createStore<boolean>(false);
