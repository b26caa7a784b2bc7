// The project's own hostile-input corpus. Grow it with each
// hostile input found: tests/hostile/hostile-input.spec.ts feeds every entry to every form and
// action of app/routes.ts. Payloads that would run call `__pwn()`, which the suite's pages
// define, so "no stored markup executes" is checked in Chromium, not guessed.

/** Cross-site scripting in many shapes and encodings. */
export const XSS = [
  '<script>__pwn()</script>',
  '<img src=x onerror=__pwn()>',
  '<svg/onload=__pwn()>',
  '"><img src=x onerror=__pwn()>',
  "'><svg onload=__pwn()>",
  '<iframe srcdoc="<script>parent.__pwn()</script>"></iframe>',
  '<a href="javascript:__pwn()">lien</a>',
  'javascript:__pwn()',
  'JaVaScRiPt:__pwn()',
  'java\tscript:__pwn()',
  '&#x3C;script&#x3E;__pwn()&#x3C;/script&#x3E;',
  '%3Cscript%3E__pwn()%3C%2Fscript%3E',
  '\\u003cscript\\u003e__pwn()\\u003c/script\\u003e',
  '＜script＞__pwn()＜/script＞',
  '<details open ontoggle=__pwn()>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__pwn()>',
  '[clic](javascript:__pwn())',
  '![x](x" onerror="__pwn())',
  '{{constructor.constructor("__pwn()")()}}',
  '</textarea><script>__pwn()</script>',
  '</title><script>__pwn()</script>',
  '<style>@import "javascript:__pwn()"</style>',
  'data:text/html;base64,PHNjcmlwdD5fX3B3bigpPC9zY3JpcHQ+',
  '/\\evil.example',
  '//evil.example/x.png',
]

/** SQL and other injection strings. */
export const INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE projects; --",
  '" OR 1=1 --',
  "1; SELECT * FROM user WHERE '1'='1",
  "admin'--",
  '${7*7}',
  '../../../../etc/passwd',
  '\u0000nul',
  '\u202Eevil\u202C',
  '𝕍𝕚𝕥𝕣𝕚𝕟𝕖 🧪 é à ç',
]

/** Values that are not what a field expects. */
export const TYPE_CONFUSION = [
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '9'.repeat(400),
]

/** A field posted several times, as a list, or as a nested name. */
export const FIELD_SHAPES: Array<(name: string, value: string) => Array<[string, string]>> = [
  (name, value) => [[name, value]],
  (name, value) => [
    [name, value],
    [name, value],
  ],
  (name, value) => [[`${name}[]`, value]],
  (name, value) => [[`${name}.__proto__.x`, value]],
]

/** Bodies larger than any field allows (the server bounds a request at 1 MB). */
export const HUGE = ['x'.repeat(120_000), '<b>'.repeat(40_000)]

/** Content types a form route must refuse with a French 4xx (never a 500). */
export const CONTENT_TYPES: Array<{ type?: string; body: string }> = [
  { type: 'application/json', body: '{"email":"a@b.fr","password":["x"]}' },
  { type: 'text/plain', body: 'email=a@b.fr' },
  {
    type: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    type: 'multipart/form-data',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { type: 'multipart/form-data; boundary=zzz', body: '--x\r\nbroken' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
  },
  { type: 'application/x-www-form-urlencoded', body: '%zz=%E0%A4%A&a=%' },
  { type: 'application/x-www-form-urlencoded; charset=utf-16', body: 'a=1' },
  { type: undefined, body: 'a=1' },
  { type: '', body: '' },
]

/** Paths with malformed percent-encoding or traversal. */
export const PATHS = [
  '/%zz%',
  '/projects/%C0%AF',
  '/blog/%FF%FE',
  '/setup/%ED%A0%80',
  '/auth/social/%zz',
  '/auth/social/%C0%AF',
  '/assets/nope.js',
  '/assets/',
  '/assets/..%2f..%2fpackage.json',
  '/admin/%00',
  '/projects/%00',
  '/blog/..%5c..%5cetc',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/cv/telecharger?x=%zz',
  '/contact?%=%',
  '/api/auth/%zz',
  `/${'a'.repeat(5000)}`,
]

/** Every text payload above (one list to feed fields). */
export const TEXT_PAYLOADS = [...XSS, ...INJECTION, ...TYPE_CONFUSION]
