// « Référencement et partage » of a post or a project (ADR 064's amendment): an optional
// title and description for search engines and an Open Graph image from the library, with a
// preview of the search result and of the social card. Empty fields show the defaults the
// page will use (its title, its summary, its thumbnail), as the public meta tags do.
import { useEffect, useRef, useState } from 'react'
import { effectiveSeo, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '#app/domain/page-seo.ts'
import { summarize } from '#app/domain/seo.ts'
import { useRootData } from '../chrome/root-data.ts'
import { TextAreaField, TextField } from './fields.tsx'
import { MediaUrlField } from './media-url-field.tsx'

type Bind = (
  name: string,
  stored?: unknown,
) => { name: string; defaultValue: string; error?: string }

export function SeoFields({
  field,
  stored,
  defaults,
  path,
  prefix = '',
  labelSuffix = '',
}: {
  /** Before each field's name: 'en.' in an English version's form (ADR 094). */
  prefix?: string
  /** After each label: ' (anglais)' in an English version's form. */
  labelSuffix?: string
  field: Bind
  stored: { seoTitle?: string; seoDescription?: string; ogImage?: string } | null
  /** The form's fields the defaults come from. */
  defaults: { title: string; description: string; image: string }
  /** The page's path, as the search result shows it. */
  path: string
}) {
  const box = useRef<HTMLFieldSetElement>(null)
  const root = useRootData()
  const siteName = root?.seo.siteName ?? ''
  const origin = root?.seo.origin ?? ''
  const [values, setValues] = useState<Record<string, string>>({})

  // Read the whole form on every change: the defaults follow the title and summary fields.
  useEffect(() => {
    const form = box.current?.form
    if (!form) return
    const read = () => {
      const data = new FormData(form)
      const text = (name: string) => {
        const value = data.get(name)
        return typeof value === 'string' ? value : ''
      }
      setValues({
        ...Object.fromEntries(
          [defaults.title, defaults.description, defaults.image].map((name) => [name, text(name)]),
        ),
        ...Object.fromEntries(
          ['seoTitle', 'seoDescription', 'ogImage'].map((name) => [name, text(prefix + name)]),
        ),
      })
    }
    // Read after the event, once the editors have handled it (a state change inside another
    // control's input event would race its own update), at most once per frame.
    let frame = 0
    const schedule = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(read)
    }
    read()
    form.addEventListener('input', schedule)
    form.addEventListener('change', schedule)
    return () => {
      cancelAnimationFrame(frame)
      form.removeEventListener('input', schedule)
      form.removeEventListener('change', schedule)
    }
  }, [defaults.title, defaults.description, defaults.image, prefix])

  const seo = effectiveSeo(values, {
    title: values[defaults.title] ?? '',
    description: summarize(values[defaults.description] ?? ''),
    image: values[defaults.image] ?? '',
  })
  const fullTitle = seo.title ? `${seo.title} — ${siteName}` : siteName
  return (
    <fieldset ref={box} className="mt-6 min-w-0 rounded-md border border-zinc-200 p-4">
      <legend className="px-1 text-sm font-semibold text-zinc-900">Référencement et partage</legend>
      <p className="mb-3 text-xs text-zinc-600">
        Facultatif : laissés vides, le titre, le résumé et la miniature de la page sont utilisés.
      </p>
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <TextField
          {...field(prefix + 'seoTitle', stored?.seoTitle)}
          label={`Intitulé pour les moteurs de recherche${labelSuffix}`}
          maxLength={SEO_TITLE_MAX}
          hint={`${SEO_TITLE_MAX} caractères au plus`}
        />
        <MediaUrlField
          {...field(prefix + 'ogImage', stored?.ogImage)}
          kind="image"
          label={`Image de partage (réseaux sociaux)${labelSuffix}`}
        />
      </div>
      <TextAreaField
        {...field(prefix + 'seoDescription', stored?.seoDescription)}
        label={`Résumé pour les moteurs de recherche${labelSuffix}`}
        rows={2}
        maxLength={SEO_DESCRIPTION_MAX}
        hint={`${SEO_DESCRIPTION_MAX} caractères au plus`}
      />
      <div className="mt-4 grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <figure aria-label="Aperçu du résultat de recherche" className="rounded-md bg-zinc-50 p-3">
          <figcaption className="mb-2 text-xs font-medium text-zinc-600">
            Aperçu du résultat de recherche
          </figcaption>
          <p className="truncate text-xs text-zinc-600">
            {origin}
            {path}
          </p>
          <p
            data-testid="seo-preview-title"
            className="text-lg text-blue-800 [overflow-wrap:anywhere]"
          >
            {fullTitle}
          </p>
          <p data-testid="seo-preview-description" className="text-sm text-zinc-700">
            {seo.description}
          </p>
        </figure>
        <figure
          aria-label="Aperçu de la carte de partage"
          className="overflow-hidden rounded-md border border-zinc-200"
        >
          <figcaption className="sr-only">Aperçu de la carte de partage</figcaption>
          {/* Only what a browser may load (a typed ftp: address would be refused). */}
          {/^(https?:\/\/|\/(?!\/))/.test(seo.image) ? (
            <img
              data-testid="seo-preview-image"
              src={seo.image}
              alt=""
              className="aspect-[1.91/1] w-full bg-zinc-100 object-cover"
            />
          ) : (
            <div className="aspect-[1.91/1] w-full bg-zinc-100" />
          )}
          <div className="p-3">
            <p className="text-sm font-semibold text-zinc-900">{fullTitle}</p>
            <p className="line-clamp-2 text-xs text-zinc-600">{seo.description}</p>
          </div>
        </figure>
      </div>
    </fieldset>
  )
}
