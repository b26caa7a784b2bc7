// Registers the English catalogue (ADR 074). Imported by the server entry and the tests, never
// by browser code: the browser gets it from an English page's root data.
import { en } from './messages.en.ts'
import { registerCatalogue } from './translate.ts'

registerCatalogue('en', en)
