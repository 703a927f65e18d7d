export * from './roles';
export * from './errors';
export * from './constants';
export * from './user';
export * from './threads';
export * from './reference';
