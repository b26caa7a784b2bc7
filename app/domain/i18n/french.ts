// Registers the French catalogue (ADR 074). Imported by the server entry and the tests; in the
// browser, only French pages import it, as a chunk of its own, before hydrating (ADR 105), so
// English visitors never download it, as French ones never download the English one (ADR 089).
import { fr } from './messages.fr.ts'
import { registerCatalogue } from './translate.ts'

registerCatalogue('fr', fr)
