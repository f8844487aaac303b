import type {
  sendUnaryData,
  ServerDuplexStream,
  ServerReadableStream,
  ServerUnaryCall,
  ServerWritableStream,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { MessageShape } from './message-shape';

/** A message as proto-loader hands it over (longs and enums as strings) and takes it back. */
export type Plain = Record<string, unknown>;

const statusCycle = ['STATUS_PENDING', 'STATUS_PAID', 'STATUS_SHIPPED'];

/** shop.orders.v1.OrderService: every answer is derived from the requests alone, so the same calls give the same bytes. */
export function orderService({ name, map }: MessageShape): UntypedServiceImplementation {
  const get = (message: Plain | null | undefined, field: string): unknown => message?.[name(field)];
  return {
    SubmitOrder: (call: ServerUnaryCall<Plain, Plain>, callback: sendUnaryData<Plain>) => {
      const status = get(call.request, 'status');
      const pending = status === undefined || status === 'STATUS_UNSPECIFIED';
      callback(null, { ...call.request, [name('status')]: pending ? 'STATUS_PENDING' : status });
    },

    ListOrders: (call: ServerWritableStream<Plain, Plain>) => {
      const customerId = String(get(call.request, 'customer_id') ?? '0');
      const count = Number(get(get(call.request, 'page') as Plain | null, 'page_size') ?? 0) || 2;
      const statuses = (get(call.request, 'statuses') as string[] | undefined) ?? [];
      for (let i = 0; i < count; i++) {
        call.write({
          [name('order_id')]: `${customerId}-${i + 1}`,
          [name('customer_id')]: customerId,
          [name('status')]: statuses.length > 0 ? statuses[i % statuses.length] : 'STATUS_PENDING',
          [name('created_at')]: { seconds: String(1_700_000_000 + i * 86_400), nanos: i * 1000 },
          [name('tracking_numbers')]: [String(BigInt(customerId) * BigInt(i + 1)), String(-(i + 1))],
          [name('notes_by_time')]: map({ [String(-(i + 1))]: `note ${i + 1}` }),
        });
      }
      call.end();
    },

    ImportOrders: (call: ServerReadableStream<Plain, Plain>, callback: sendUnaryData<Plain>) => {
      const rejected: Plain[] = [];
      const statusByOrder: Plain = {};
      const ordersByCustomer = new Map<string, Plain[]>();
      let imported = 0;
      let totalUnits = 0n;
      let latest: Plain | undefined;
      call.on('data', (order: Plain) => {
        imported++;
        for (const item of (get(order, 'items') as Plain[] | undefined) ?? []) {
          const quantity = Number(get(item, 'quantity') ?? 0);
          if (quantity === 0) rejected.push(item);
          totalUnits += BigInt(quantity);
        }
        statusByOrder[String(get(order, 'order_id'))] = get(order, 'status') ?? 'STATUS_UNSPECIFIED';
        const customer = String(get(order, 'customer_id') ?? '0');
        ordersByCustomer.set(customer, [...(ordersByCustomer.get(customer) ?? []), order]);
        const createdAt = get(order, 'created_at') as Plain | null | undefined;
        if (createdAt && (!latest || instant(createdAt) > instant(latest))) latest = createdAt;
      });
      call.on('end', () =>
        callback(null, {
          [name('imported')]: imported,
          [name('rejected_items')]: rejected,
          [name('status_by_order')]: map(statusByOrder),
          [name('total_units')]: String(totalUnits),
          [name('latest_created_at')]: latest ?? null,
          [name('customers')]: [...ordersByCustomer].map(([customer, orders]) => ({
            [name('customer_id')]: customer,
            [name('orders')]: orders,
          })),
        }),
      );
    },

    TrackOrders: (call: ServerDuplexStream<Plain, Plain>) => {
      let sequence = 0;
      call.on('data', (request: Plain) => {
        sequence++;
        const interval = get(request, 'poll_interval') as Plain | null | undefined;
        call.write({
          [name('order_id')]: get(request, 'order_id'),
          [name('status')]: statusCycle[(sequence - 1) % statusCycle.length],
          [name('at')]: {
            seconds: String(BigInt(String(interval?.seconds ?? 0)) * BigInt(sequence)),
            nanos: Number(interval?.nanos ?? 0),
          },
          [name('sequence')]: String(sequence),
        });
      });
      call.on('end', () => call.end());
    },

    Ping: (_call: ServerUnaryCall<Plain, Plain>, callback: sendUnaryData<Plain>) => callback(null, {}),
  };
}

/** A google.protobuf.Timestamp as one comparable number of nanoseconds. */
function instant(timestamp: Plain): bigint {
  return BigInt(String(timestamp.seconds ?? 0)) * 1_000_000_000n + BigInt(Number(timestamp.nanos ?? 0));
}
