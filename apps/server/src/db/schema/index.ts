export * from './platform';
export * from './civic';
