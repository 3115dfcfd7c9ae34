#!/usr/bin/env node
// The platform-neutral `hookwire-client`: what bin/hookwire-client is where no native client was built or
// installed (a platform without a client package, `npm install --ignore-scripts`, a machine without a C
// compiler). It is `hookwire` itself, so a settings file that calls `hookwire-client run ...` works on
// every machine; the install step and the build (bin/install-client.cjs) put the native client in its
// place when they can, which hands each event to the warm daemon instead of starting Node (docs/daemon.md).
import '../dist/hookwire.cjs';
