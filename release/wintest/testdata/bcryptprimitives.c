/* A stand-in for Windows' bcryptprimitives.dll, for the tests only (never
 * shipped): Go >= 1.22 programs import ProcessPrng from it, and Wine 8.0
 * does not have it. It fills the buffer from RtlGenRandom (exported by
 * advapi32 as SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
