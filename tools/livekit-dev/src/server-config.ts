/** What goes into one server's config file. */
export interface ServerConfigInput {
  ports: { signal: number; rtcTcp: number; rtcUdp: number };
  apiKey: string;
  apiSecret: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** `host:port` of the Redis shared by the nodes of a multi-node deployment. */
  redisAddress?: string | undefined;
}

/**
 * The YAML config of a loopback-only livekit-server v1.13.5. Every key was read from its
 * `pkg/config/config.go` and mediatransportutil's `rtcconfig`; the server parses strictly and
 * refuses unknown keys. Strings are written as JSON, which YAML reads as quoted scalars.
 */
export function serverConfigYaml(input: ServerConfigInput): string {
  const { ports } = input;
  const lines = [
    `port: ${ports.signal}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${ports.rtcTcp}`,
    // One UDP port carries every peer connection (a mux); a "start-end" range is also accepted.
    `  udp_port: ${ports.rtcUdp}`,
    // An external IP would be found by STUN, which fails offline.
    '  use_external_ip: false',
    // Every ICE candidate the server offers is rewritten to this address.
    '  node_ip: 127.0.0.1',
    // Without it the UDP mux skips loopback and no candidate on 127.0.0.1 exists.
    '  enable_loopback_candidate: true',
    // Without it the UDP mux also listens on every other interface's address.
    '  ips:',
    '    includes: ["127.0.0.1/32"]',
    'keys:',
    `  ${JSON.stringify(input.apiKey)}: ${JSON.stringify(input.apiSecret)}`,
    'logging:',
    `  level: ${input.logLevel}`,
  ];
  if (input.redisAddress !== undefined) {
    lines.push('redis:', `  address: ${JSON.stringify(input.redisAddress)}`);
  }
  return `${lines.join('\n')}\n`;
}
