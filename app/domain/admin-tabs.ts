// The administration hub's 14 tabs in order; projects is the default.
export const ADMIN_TABS = [
  { id: 'profile', label: 'Mon Profil' },
  { id: 'projects', label: 'Projets' },
  { id: 'skills', label: 'Compétences' },
  { id: 'timeline', label: 'Parcours' },
  { id: 'blog', label: 'Blog' },
  // The owner's own pages (ADR 090).
  { id: 'pages', label: 'Pages' },
  { id: 'process', label: 'Processus Créatif' },
  { id: 'media', label: 'Médias' },
  { id: 'cv', label: 'CV' },
  { id: 'users', label: 'Utilisateurs' },
  { id: 'messages', label: 'Messages' },
  { id: 'settings', label: 'Paramètres' },
  { id: 'activity', label: "Journal d'Activité" },
  { id: 'statistics', label: 'Statistiques' },
  // The newsletter's readers (ADR 097).
  { id: 'subscribers', label: 'Abonnés' },
] as const

export type AdminTabId = (typeof ADMIN_TABS)[number]['id']
export const DEFAULT_ADMIN_TAB: AdminTabId = 'projects'
