// PixiJS's browser extensions (accessibility, DOM, events, filters…), a side-effect module
// (lazyRoutes.ts fetches it early): its export map gives no types for it.
declare module 'pixi.js/browser' {}
