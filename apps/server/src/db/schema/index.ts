export * from './platform';
export * from './civic';
export * from './drafting';
export * from './compliance';
export * from './minutes';
export * from './audit';
