// Placeholder: implemented by its feature issue.
export function loader() {
  return new Response('Non disponible', { status: 404 })
}
