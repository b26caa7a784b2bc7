// The page cache (ADRs 026 and 029): the full HTML of anonymous GET requests of public pages
// (and their page-change data, ADR 052), kept in memory and answered before Express, React
// Router, React or SQLite see the request.
//
// - ./store.ts: which requests share an answer, and the entries (an LRU bounded in bytes).
// - ./variants.ts: each entry's identity, gzip and brotli variants, chosen by Accept-Encoding,
//   with strong ETags and precomputed header lists.
// - ./policy.ts: a cached page carries the hashes of its trusted inline scripts instead of a
//   nonce, so its bytes are the same for every visitor and are compressed once.
// - ./hits.ts: the hit path, in the `node:http` request listener before Express.
// - ./capture.ts: the Express middleware that records a rendered miss.
export { pageCacheCapture } from './capture.ts'
export { hitsThenApp, pageCacheHits } from './hits.ts'
export { hasOwnCookie, PageCache } from './store.ts'
export { acceptedCodings, DATA_CACHE_CONTROL } from './variants.ts'
