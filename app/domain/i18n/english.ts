// Registers the English catalogue (ADR 074). Imported by the server entry and the tests; in the
// browser, only English pages import it, as a chunk of its own, before hydrating (ADR 089).
import { en } from './messages.en.ts'
import { registerCatalogue } from './translate.ts'

registerCatalogue('en', en)
