// The header of a page under "Paramètres du Site" (e-mails, transfer): the way back, then the
// page's title after the settings' own.
import { ChevronLeft } from 'lucide-react'
import { ButtonLink } from './buttons.tsx'
import { TabHeader } from './tabs.tsx'

export function SettingsPageHeader({ title }: { title: string }) {
  return (
    <>
      <nav aria-label="Fil d'Ariane" className="text-sm text-zinc-600">
        <ButtonLink to="/admin/settings" variant="secondary">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Paramètres du Site
        </ButtonLink>
      </nav>
      <TabHeader title={`Paramètres › ${title}`} />
    </>
  )
}
