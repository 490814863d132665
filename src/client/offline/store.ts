// The engine's stores are the client's one store helper; this name stays for modules that read them
// through it.
export { useStore as useValueStore } from '@/client/lib/store';
