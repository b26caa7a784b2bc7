// Fields several collections' forms share: the Markdown body with its browser copy, and the
// slug proposed from the title (posts and pages).
import { useState, type ChangeEvent } from 'react'
import { slugify } from '#app/domain/blog.ts'
import { draftKey, MARKDOWN_HINT, MarkdownEditor } from '../markdown-editor.tsx'
import { TextField } from '../fields.tsx'
import type { FieldsProps } from './collection.tsx'

/** An item's « Contenu » in the Markdown editor, its unsaved copy kept per collection and item. */
export function ContentEditor({
  field,
  scope,
  item,
  required,
  onWordsChange,
}: {
  field: FieldsProps<unknown, unknown>['field']
  /** The collection (the copies' scope, as `forgetSavedCopies` reads it). */
  scope: string
  item: { id: string; content: string } | null
  required?: boolean
  onWordsChange?: (words: number) => void
}) {
  return (
    <MarkdownEditor
      {...field('content', item?.content)}
      label="Contenu"
      required={required}
      hint={MARKDOWN_HINT}
      savedValue={item?.content ?? ''}
      storageKey={draftKey(scope, item?.id)}
      onWordsChange={onWordsChange}
    />
  )
}

/**
 * The title and slug inputs' values: the slug follows the title until the admin edits it, or
 * from the start when editing an item or after a refused save.
 */
export function useSlugFromTitle({
  item,
  field,
  typed,
  errors,
}: Pick<
  FieldsProps<{ title: string; slug: string }, unknown>,
  'item' | 'field' | 'typed' | 'errors'
>) {
  const [title, setTitle] = useState(() => field('title', item?.title).defaultValue)
  const [slug, setSlug] = useState(() => field('slug', item?.slug).defaultValue)
  const [slugTouched, setSlugTouched] = useState(item !== null || typed !== undefined)
  const shownSlug = slugTouched ? slug : slugify(title)
  return {
    slug: shownSlug,
    title: {
      name: 'title',
      value: title,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setTitle(event.target.value),
      error: errors.title,
    },
    slugInput: {
      name: 'slug',
      value: shownSlug,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setSlugTouched(true)
        setSlug(event.target.value)
      },
      error: errors.slug,
    },
  }
}

/** « Titre » and « Slug », both required, bound by `useSlugFromTitle`. */
export function TitleAndSlugFields({
  inputs,
  slugHint,
}: {
  inputs: ReturnType<typeof useSlugFromTitle>
  slugHint: string
}) {
  return (
    <>
      <TextField {...inputs.title} label="Titre" required />
      <TextField {...inputs.slugInput} label="Slug" required hint={slugHint} />
    </>
  )
}
