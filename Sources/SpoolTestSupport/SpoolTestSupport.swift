/// Helpers shared by Spool's test targets: clocks, fakes and loopback servers.
public enum SpoolTestSupport {}
