#!/usr/bin/env node
// The platform-neutral `hookwire-client`: what runs where no native client was installed (a platform
// without a client package, `npm install --ignore-scripts`, a checkout). It is `hookwire` itself, so a
// settings file that calls `hookwire-client run ...` works on every machine; the install step
// (bin/install-client.cjs) replaces this file with the native client when one exists for this platform,
// which hands each event to the warm daemon instead of starting Node (docs/daemon.md).
import '../dist/hookwire.cjs';
