/* Generated from src/events/catalogue.ts by `npm run generate`; do not edit. */
/* The events the host does not wait for: the client delivers them detached from the host. */
static const char *const HOST_DOES_NOT_WAIT[] = {
    "StopFailure",
    "InstructionsLoaded",
};
