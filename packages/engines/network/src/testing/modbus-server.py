"""Debian's pymodbus as a real Modbus/TCP server for the ICS tests.

Usage: /usr/bin/python3 modbus-server.py PORT
Every holding register holds 1234. Every write the server receives is printed
as "WRITE fc=… address=…" on standard output, so the tests can assert that
the engine never wrote; "READY" is printed once the port is listening.
"""
import asyncio
import sys

from pymodbus import __version__ as pymodbus_version
from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.device import ModbusDeviceIdentification
from pymodbus.server import StartAsyncTcpServer


class LoggingContext(ModbusSlaveContext):
    def setValues(self, fc_as_hex, address, values):  # noqa: N802 (pymodbus API)
        print(f"WRITE fc={fc_as_hex} address={address}", flush=True)
        return super().setValues(fc_as_hex, address, values)


async def main(port):
    store = LoggingContext(
        di=ModbusSequentialDataBlock(0, [0] * 100),
        co=ModbusSequentialDataBlock(0, [0] * 100),
        hr=ModbusSequentialDataBlock(0, [1234] * 100),
        ir=ModbusSequentialDataBlock(0, [0] * 100),
    )
    context = ModbusServerContext(slaves=store, single=True)
    identity = ModbusDeviceIdentification(
        info_name={
            "VendorName": "Pymodbus",
            "ProductCode": "PM",
            "VendorUrl": "https://github.com/pymodbus-dev/pymodbus/",
            "ProductName": "Pymodbus Server",
            "ModelName": "Pymodbus Server",
            "MajorMinorRevision": pymodbus_version,
        }
    )
    server = await StartAsyncTcpServer(context=context, identity=identity, address=("127.0.0.1", port), defer_start=True)
    start = asyncio.ensure_future(server.serve_forever())
    # serve_forever binds first: READY only once the listening socket exists.
    while getattr(server, "server", None) is None and not start.done():
        await asyncio.sleep(0.02)
    if not start.done():
        print("READY", flush=True)
    await start


asyncio.run(main(int(sys.argv[1])))
