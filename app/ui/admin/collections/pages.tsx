// The "Pages" collection (ADR 090): title, slug suggested from the title (never an address of
// the app), Markdown editor with live preview (the blog's), status, « Afficher dans le menu »
// and « Afficher dans le pied de page » with an order, search and social fields, and
// 'Prévisualiser', and the page's revisions under its form (ADR 101). The English version
// (title and text) is public with the French page.
import { Link } from 'react-router'
import { Eye } from 'lucide-react'
import { PAGE_STATUSES, PAGE_STATUS_LABELS, type Page } from '#app/domain/page.ts'
import type { PagesData } from '#app/domain/admin-collection.ts'
import { viewsLabel } from '#app/domain/admin-collection.ts'
import { pagesCollection } from '#app/domain/collections/pages.ts'
import { RevisionsPanel } from '../blog-publishing.tsx'
import { CheckboxField, FieldGrid, SelectField, WholeNumberField } from '../fields.tsx'
import { SeoFields } from '../seo-fields.tsx'
import { defineCollection, type FieldsProps } from './collection.tsx'
import { ContentEditor, TitleAndSlugFields, useSlugFromTitle } from './item-fields.tsx'

const previewUrl = (page: Page) => `/${encodeURIComponent(page.slug)}?apercu`

const previewLink = (page: Page, label: string) => (
  <Link
    to={previewUrl(page)}
    aria-label={label}
    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-violet-700 hover:bg-violet-50"
  >
    <Eye aria-hidden="true" className="size-4" />
    Prévisualiser
  </Link>
)

export const pages = defineCollection<'pages', PagesData>(pagesCollection, {
  rowActions: (page) => previewLink(page, `Prévisualiser ${page.title}`),
  Row: PageRow,
  Fields: PageFields,
  formActions: (page) => (page ? previewLink(page, 'Prévisualiser') : null),
  AfterForm: ({ item, data }) =>
    data.revisions ? (
      <RevisionsPanel postId={item.id} view={data.revisions} collection="pages" />
    ) : null,
})

function PageRow({ item: page, data }: { item: Page; data: PagesData }) {
  const places = [
    page.showInMenu ? 'menu' : null,
    page.showInFooter ? 'pied de page' : null,
  ].filter(Boolean)
  return (
    <>
      <p className="font-medium text-zinc-900">
        {page.title}{' '}
        <span
          className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${
            page.status === 'published'
              ? 'bg-emerald-100 text-emerald-800'
              : 'bg-zinc-100 text-zinc-700'
          }`}
        >
          {PAGE_STATUS_LABELS[page.status]}
        </span>
      </p>
      <p className="truncate text-sm text-zinc-600">
        /{page.slug}
        {places.length > 0 ? ` · ${places.join(' et ')} (ordre ${page.menuOrder})` : ''}
        {data.views ? ` · ${viewsLabel(data.views[page.id])}` : ''}
      </p>
    </>
  )
}

function PageFields({ item: page, field, checked, typed, errors }: FieldsProps<Page, PagesData>) {
  const inputs = useSlugFromTitle({ item: page, field, typed, errors })
  return (
    <>
      <FieldGrid>
        <TitleAndSlugFields
          inputs={inputs}
          slugHint="Adresse de la page (/slug) : lettres minuscules, chiffres et tirets (proposé depuis le titre)"
        />
        <SelectField
          {...field('status', page?.status ?? 'draft')}
          label="Statut"
          options={PAGE_STATUSES.map((value) => ({ value, label: PAGE_STATUS_LABELS[value] }))}
        />
        <WholeNumberField
          {...field('menuOrder', page?.menuOrder ?? 0)}
          label="Ordre dans le menu et le pied de page"
          min={0}
          hint="Les pages s’affichent de la plus petite valeur à la plus grande"
        />
        <CheckboxField {...checked('showInMenu', page?.showInMenu)} label="Afficher dans le menu" />
        <CheckboxField
          {...checked('showInFooter', page?.showInFooter)}
          label="Afficher dans le pied de page"
        />
      </FieldGrid>
      <ContentEditor field={field} scope="pages" item={page} />
      <SeoFields
        field={field}
        stored={page}
        defaults={{ title: 'title', description: 'content', image: 'ogImage' }}
        path={`/${inputs.slug}`}
      />
    </>
  )
}
