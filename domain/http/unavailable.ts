// What a visitor, an app or a script is told while our records (the database) cannot be reached
// (docs/operations.md#health-and-shutdown): the server's 503 page and JSON, the gateway's error, and the page's error
// screen when a link or form sent from the running page met that 503.

export const UNAVAILABLE_TITLE = "Back in a moment";
export const UNAVAILABLE_MESSAGE = "We can't reach our records right now. Please try again in a minute.";
