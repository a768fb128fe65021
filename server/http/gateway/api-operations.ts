import { academyOperations } from "./academy-operations";
import { accountOperations } from "./account-operations";
import { catalogueOperations } from "./catalogue-operations";
import { checkoutOperations } from "./checkout-operations";
import { courseworkOperations } from "./coursework-operations";
import { deviceOperations } from "./device-operations";
import { marketplaceOperations } from "./marketplace-operations";
import { notificationsOperations } from "./notifications-operations";
import { ordersOperations } from "./orders-operations";
import { stationsOperations } from "./stations-operations";
import { syncOperations } from "./sync-operations";
import { zavchargeOperations } from "./zavcharge-operations";
import { API_VERSION, type TApiOperation } from "./api-operation";

// Every operation of the JSON gateway (docs/product/api-gateway.md): the router and the OpenAPI document read this
// one list, so nothing is served that is not described.

export { API_VERSION };
export const API_BASE = "/api/v1";
export const SUPPORTED_VERSIONS = [API_VERSION];
/** The largest JSON body an operation reads (a form operation says its own: docs/product/api-gateway.md#academy). */
export const MAX_JSON_BYTES = 64 * 1024;

export const API_OPERATIONS: TApiOperation[] = [
  ...accountOperations,
  ...catalogueOperations,
  ...ordersOperations,
  ...checkoutOperations,
  ...notificationsOperations,
  ...academyOperations,
  ...courseworkOperations,
  ...marketplaceOperations,
  ...stationsOperations,
  ...zavchargeOperations,
  ...syncOperations,
  ...deviceOperations,
];
