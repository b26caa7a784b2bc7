// The client address as Express saw it (honouring TRUST_PROXY), passed to React Router in
// a header that server/middleware.ts always overwrites, so a client cannot forge it.
export const CLIENT_IP_HEADER = 'x-vitrine-client-ip'

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || 'Unknown'
}
