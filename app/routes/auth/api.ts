// Placeholder: Better Auth handler (accounts issue).
export function loader() {
  return new Response('Non disponible', { status: 404 })
}
export function action() {
  return new Response('Non disponible', { status: 404 })
}
