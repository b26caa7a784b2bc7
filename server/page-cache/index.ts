// The page cache (ADRs 026, 029 and 078): the full HTML of anonymous GET requests of public
// pages (and their page-change data, ADR 052), kept in memory and answered by an Express
// middleware after every guard, before React Router, React or the database see the request.
//
// - ./store.ts: which requests share an answer, and the entries (an LRU bounded in bytes).
// - ./variants.ts: each entry's identity, gzip and brotli variants, chosen by Accept-Encoding,
//   with strong ETags and their header lists.
// - ./policy.ts: a cached page carries the hashes of its trusted inline scripts instead of a
//   nonce, so its bytes are the same for every visitor and are compressed once.
// - ./hits.ts: the middleware: a hit answered, a miss recorded.
// - ./capture.ts: what a rendered miss sent, stored when it may be shared.
export { pageCacheMiddleware } from './hits.ts'
export { hasOwnCookie, PageCache } from './store.ts'
export { acceptedCodings, DATA_CACHE_CONTROL } from './variants.ts'
