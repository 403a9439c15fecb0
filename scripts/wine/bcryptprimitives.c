#include <windows.h>
/* Wine 8 lacks bcryptprimitives.dll (Windows 10 has it); Rust's std takes its random
   numbers from ProcessPrng there. This stands in for it under Wine in the tests. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (!SystemFunction036(data, part)) return FALSE;
    data += part; length -= part;
  }
  return TRUE;
}
