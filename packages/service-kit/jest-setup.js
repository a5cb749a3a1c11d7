// Quiet JSON logs in tests unless a developer asks for them.
process.env.LOG_LEVEL ??= 'silent';
