export * from './platform';
export * from './civic';
export * from './drafting';
