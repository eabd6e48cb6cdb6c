// The realtime service's error catalogue: join refusals ("<Code>: <message>", rendered as
// {reason}), system messages that stop a channel, and the HTTP errors of the upgrade and
// the REST broadcast endpoints, worded as upstream realtime words them.

export const joinErrors = {
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  unmatchedTopic: 'unmatched topic',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  unauthorized: (topic: string) =>
    `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  invalidToken: (message: string) => `InvalidJWTToken: ${message}`,
  missingClaims: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
  unableToJoin: 'UnableToJoin: Unable to join the channel, please try again',
} as const;

export const pushErrors = {
  tooManyEvents: 'RateLimitReached: Too many messages per second',
  payloadTooLarge: 'PayloadTooLarge: Payload size exceeds the limit',
  presencePayload: 'Presence track payload must be a map',
  unauthorizedWrite: (topic: string) =>
    `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`,
  malformed: 'MalformedMessage: The message could not be understood',
} as const;

export const systemMessages = {
  subscribedToPostgres: 'Subscribed to PostgreSQL',
  unableToSubscribe: (detail: string) =>
    `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${detail}`,
  tokenExpired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
  invalidToken: (message: string) => `Invalid token: ${message}`,
  readRevoked: (topic: string) => `You do not have permissions to read from this Channel topic: ${topic}`,
  replicationReady: 'Replication connection established',
} as const;

export const httpErrors = {
  apiKeyMissing: 'API key is missing',
  invalidJwt: 'The token provided is not a valid JWT',
  tokenExpired: 'Token has expired',
  badVersion: 'Unsupported protocol version',
  notWebsocket: 'Expected a websocket upgrade',
  invalidBody: 'Invalid request body',
} as const;
