/// The hang guard of the player-view integration suites' waits (`eventually(timeout:)`): 60 s,
/// because the main pass starts about 1,200 tests at once on two loaded cores. In CI (stop 24) an
/// item that fails at once (a missing file) took more than 20 s to report its failure: the
/// failure is reported on the cooperative pool, which was busy with the tests started before it.
let integrationHangGuard = Duration.seconds(60)
