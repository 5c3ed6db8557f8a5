export * from './constants.js';
export * from './format.js';
export * from './events.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/posts.js';
export * from './schemas/places.js';
export * from './schemas/chats.js';
