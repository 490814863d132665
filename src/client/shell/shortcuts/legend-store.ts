import { createStore } from '../store';

/** Whether the keyboard legend is open. */
export const legendStore = createStore<boolean>(false);
