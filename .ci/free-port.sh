#!/usr/bin/env bash
# Prints a TCP port free on 127.0.0.1 right now (the kernel's pick), for a throwaway server.
# Usage: port=$(bash .ci/free-port.sh)
exec node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
