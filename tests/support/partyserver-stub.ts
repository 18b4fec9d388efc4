/**
 * Node stand-in for `partyserver` (which needs the Workers runtime), so integration tests can import
 * the Worker's router and route table to read their shape: procedure names and input fields. None
 * of this runs: the tests send their requests to the real Worker in workerd.
 */
export class Server {}
export const getServerByName = () => Promise.reject(new Error("partyserver is not available in Node"));
export const routePartykitRequest = () => Promise.resolve(null);
