// JSON-LD in a <script type="application/ld+json"> carrying the CSP nonce (ADR 016, ADR 020).
// serializeJsonLd escapes "<" so stored text cannot close the element.
import { serializeJsonLd } from '#app/domain/structured-data.ts'
import { useNonce } from '#app/ui/nonce.ts'

export function JsonLdScripts({ items }: { items: readonly unknown[] }) {
  const nonce = useNonce()
  return (
    <>
      {items.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          nonce={nonce}
          // The browser hides the nonce after parsing; the client renders '' (see nonce.ts).
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }}
        />
      ))}
    </>
  )
}
