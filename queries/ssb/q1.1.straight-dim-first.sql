-- Q1.1, STRAIGHT_JOIN with dim_date first: reads dim_date, then lineorder through its LO_OrderDateKey index.
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from dim_date
join lineorder on lo_orderdatekey = d_datekey
where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25;
