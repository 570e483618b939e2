-- Q1.2, STRAIGHT_JOIN with dim_date first: reads dim_date, then lineorder through its LO_OrderDateKey index.
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from dim_date
join lineorder on lo_orderdatekey = d_datekey
where d_yearmonthnum = 199401 and lo_discount between 4 and 6 and lo_quantity between 26 and 35;
