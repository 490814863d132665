export * from './entity';
export * from './kinds';
export * from './messages';
