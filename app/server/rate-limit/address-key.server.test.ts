// An IPv6 client counts under its /64 (ADR 084): rotating the interface identifier is free.
import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key.server.ts'

describe('addressKey', () => {
  it('keeps IPv4 addresses, maps IPv4-mapped IPv6 to IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7')
  })

  it('keys every IPv6 address of one /64 alike, and two /64s apart', () => {
    const a = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')
    expect(a).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:DB8:1:2::1')).toBe(a)
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a)
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a)
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown')
    expect(addressKey('')).toBe('')
  })
})
